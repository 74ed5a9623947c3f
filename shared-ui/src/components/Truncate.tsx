/** Shortens `text` to `max` characters plus "…"; returns it unchanged when it fits. */
export function truncateText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export interface TruncateProps {
  text: string | null | undefined;
  /** Characters kept before the ellipsis (SPEC §9: 20 in product and price tables, 15 elsewhere). */
  max: number;
}

/**
 * Text cut at `max` characters with the full text on hover (title). Screen readers get the full text, not the cut one.
 */
export function Truncate({ text, max }: TruncateProps) {
  const full = text ?? '';
  if (full.length <= max) return <>{full}</>;
  return (
    <span className="truncate" title={full} data-full-text={full}>
      <span aria-hidden="true">{truncateText(full, max)}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}
