/** A menu url of the form `iframe:<address>`, shown in an embedded frame. */
export function IframePage({ src, title }: { src: string; title: string }) {
  // Only http(s) addresses are framed: a `javascript:` url from menu data must never run in our origin.
  const safe = /^https?:\/\//i.test(src) || src.startsWith('/') ? src : 'about:blank';
  return <iframe className="iframe-page" src={safe} title={title} referrerPolicy="no-referrer" />;
}
