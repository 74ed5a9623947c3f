// `@wms/shared-api/password-strength`: the password strength estimate, for the SERVER only. zxcvbn-ts with the common,
// Italian and French dictionaries weighs megabytes: nothing reachable from the browser's entries ('@wms/shared-api',
// '@wms/shared-api/core') may import this file or zxcvbn. The user schemas apply it once it is registered
// (`installPasswordStrengthCheck()`, done by the server's buildApp); the form shows the server's 400 on the field.
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as fr from '@zxcvbn-ts/language-fr';
import * as it from '@zxcvbn-ts/language-it';
import { setPasswordStrengthCheck } from './schemas/user';

/** zxcvbn's score (0 to 4) a password needs: 3 = "safely unguessable" (about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

/** The message keys of the estimate (shared-api/src/validation/messages.ts), each saying why a password is refused. */
export type PasswordStrengthKey =
  | 'passwordCommon'
  | 'passwordRepeated'
  | 'passwordKeyboard'
  | 'passwordSequence'
  | 'passwordWords'
  | 'passwordLikeUsername'
  | 'passwordWeak';

/** zxcvbn's warning (its translation keys: no translations are given, so it answers with the key) → our message. */
const BY_WARNING: Record<string, PasswordStrengthKey> = {
  straightRow: 'passwordKeyboard',
  keyPattern: 'passwordKeyboard',
  simpleRepeat: 'passwordRepeated',
  extendedRepeat: 'passwordRepeated',
  sequences: 'passwordSequence',
  recentYears: 'passwordSequence',
  dates: 'passwordSequence',
  topTen: 'passwordCommon',
  topHundred: 'passwordCommon',
  common: 'passwordCommon',
  similarToCommon: 'passwordCommon',
  pwned: 'passwordCommon',
  wordByItself: 'passwordWords',
  namesByThemselves: 'passwordWords',
  commonNames: 'passwordWords',
  userInputs: 'passwordLikeUsername',
};

/** Without a warning: the weakest kind of part the estimate found (a common password first), else the general message. */
function keyOfParts(result: ZxcvbnResult): PasswordStrengthKey {
  const parts = result.sequence;
  const dictionaries = parts.flatMap((m) => (m.pattern === 'dictionary' && 'dictionaryName' in m ? [String(m.dictionaryName)] : []));
  if (dictionaries.includes('userInputs')) return 'passwordLikeUsername';
  if (dictionaries.some((d) => d.startsWith('passwords'))) return 'passwordCommon';
  if (parts.some((m) => m.pattern === 'spatial')) return 'passwordKeyboard';
  if (parts.some((m) => m.pattern === 'repeat')) return 'passwordRepeated';
  if (parts.some((m) => m.pattern === 'sequence' || m.pattern === 'date' || m.pattern === 'regex')) return 'passwordSequence';
  if (dictionaries.length > 0) return 'passwordWords';
  return 'passwordWeak';
}

let estimator: ZxcvbnFactory | undefined;

/**
 * One estimator per process, built on first use (about 0.1 s to rank the dictionaries). Levenshtein matching is off: it
 * cost 85–420 ms per check here, and the dictionaries and patterns already catch what it adds.
 */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...it.dictionary, ...fr.dictionary },
    graphs: common.adjacencyGraphs,
    useLevenshteinDistance: false,
  });
  return estimator;
}

/** Why `password` is too easy to guess (a message key), or null when its score reaches PASSWORD_MIN_SCORE. */
export function passwordStrengthProblem(password: string, userInputs: readonly string[] = []): PasswordStrengthKey | null {
  const result = zxcvbn().check(password, [...userInputs]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  return BY_WARNING[result.feedback.warning ?? ''] ?? keyOfParts(result);
}

/** Makes the user schemas (create and update) apply the estimate: call once at the server's start. */
export function installPasswordStrengthCheck(): void {
  setPasswordStrengthCheck(passwordStrengthProblem);
}
