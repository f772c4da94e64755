import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A placeholder's stand-in while polyglot interpolates: characters no message holds. */
const mark = (index: number) => `\u0001${index}\u0001`;
const MARKS = /\u0001(\d+)\u0001/;

/**
 * `translate` for a message whose values are nodes, not text: each `%{name}` becomes its node, so
 * a document number can be kept on one line and apart from the text's direction (`NoBreak`), which
 * a value interpolated as text cannot. The words around them are the message's, in the user's
 * language, whatever order that language puts them in.
 */
export function useTranslateNodes(): (key: string, values: Record<string, ReactNode>) => ReactNode {
  const translate = useTranslate();
  return (key, values) => {
    const names = Object.keys(values);
    const text = translate(key, Object.fromEntries(names.map((name, index) => [name, mark(index)])));
    // split with a capturing group: text, index, text, index, … text.
    return text.split(MARKS).map((part, at) => <Fragment key={at}>{at % 2 === 1 ? values[names[Number(part)]] : part}</Fragment>);
  };
}

/**
 * A value that must not break across lines or take the direction of the text around it: an order
 * or invoice number (`ORD-000123` would otherwise break at its hyphen), an amount, a date.
 */
export function NoBreak({ children }: { children: ReactNode }) {
  return <bdi style={{ whiteSpace: 'nowrap' }}>{children}</bdi>;
}
