/**
 * What a permission guard hands the home page when it sends a user there (router state): the name of the section or
 * page refused, in the user's language. The home page says it once ("Non hai il permesso di aprire «Utenti»").
 * Any guard may send it: `<Navigate to="/" replace state={{ refused: t('…title') }} />`.
 */
export interface RefusedState {
  refused: string;
}

/** The refused name carried by a location's state, if any (state is whatever the last navigation passed). */
export function refusedOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const refused = (state as Partial<RefusedState>).refused;
  return typeof refused === 'string' && refused !== '' ? refused : undefined;
}
