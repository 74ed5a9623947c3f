import type { Bilingual } from '../http/errors';

export const clientEventMessages = {
  tooMany: {
    it: 'Troppe segnalazioni dal browser: riprova tra {{minutes}} minuti',
    fr: 'Trop de signalements du navigateur : réessayez dans {{minutes}} minutes',
  },
} satisfies Record<string, Bilingual>;
