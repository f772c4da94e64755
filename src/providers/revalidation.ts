/**
 * Answers the API validated (conditional reads): the last answer text of each GET URL
 * with its ETag, kept in memory for the tab's life. The next GET of the URL (react-admin's refetch
 * on window focus, or on returning to a list) sends If-None-Match, and a 304 is answered from here
 * without the server running the list query or sending the page again.
 *
 * In memory and not in the browser's HTTP cache on purpose: the API answers `no-store`, so members'
 * data and prices are never written to a shared computer's disk; signing out forgets them all.
 * The server binds each validator to the caller, so an answer kept here can only be confirmed for
 * the user it was made for.
 */
const LIMIT = 100;

interface Validated {
  etag: string;
  text: string;
}

const answers = new Map<string, Validated>();

export function validatorFor(url: string): string | undefined {
  return answers.get(url)?.etag;
}

/** The kept answer text a 304 confirmed, moved to the most recently used end. */
export function confirmed(url: string): string | undefined {
  const kept = answers.get(url);
  if (!kept) return undefined;
  answers.delete(url);
  answers.set(url, kept);
  return kept.text;
}

/** Keeps a 200's text under its validator, or forgets the URL when the answer carries none. */
export function keep(url: string, etag: string | null, text: string): void {
  answers.delete(url);
  if (!etag) return;
  answers.set(url, { etag, text });
  // A Map iterates in insertion order: the first key is the least recently used.
  while (answers.size > LIMIT) answers.delete(answers.keys().next().value!);
}

export function forgetAnswers(): void {
  answers.clear();
}
