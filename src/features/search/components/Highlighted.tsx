import {highlight} from '../highlight';

/** Text with the parts matching the search terms in <mark>. */
export function Highlighted({text, terms}: {text: string; terms: string[]}) {
  return (
    <>
      {highlight(text, terms).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </>
  );
}
