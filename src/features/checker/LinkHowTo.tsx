/** Where a candidate finds the response link, and the saved page to upload when the portal is slow or blocked. */
export function LinkHowTo() {
  return (
    <details className="score-modal__howto">
      <summary>Where do I find my response link?</summary>
      <ol>
        <li>Sign in to the GATE candidate portal (GOAPS) and open the response sheet (&ldquo;View Response&rdquo;).</li>
        <li>
          The sheet opens on a page whose address starts with <code>https://cdn.digialm.com/</code>: copy that whole
          address from the browser&rsquo;s address bar.
        </li>
        <li>Paste it above, pick your test paper and choose Retrieve Score.</li>
      </ol>
      <p>
        Portal slow or blocked? Save the response-sheet page (Ctrl+S or &ldquo;Save page as&rdquo;) and upload the saved
        file instead.
      </p>
    </details>
  );
}
