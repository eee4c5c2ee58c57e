"""The replay page's assets (`replay.css`, `replay.js`), inlined by
`adjudicator.report.html`."""
