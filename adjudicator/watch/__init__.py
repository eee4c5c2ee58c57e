"""`adjudicator watch`: a PBEM referee's folder watcher.

A save or log dropped (or rewritten) in the watched folder gets its sidecar reports within
a second of settling. The parts, each with one job:

- `settle`: when a file being written is ready (size and time stable, zip complete);
- `adjudicator.folders` (shared with `audit`): which files are ours, where their sidecars
  go, what they are checked with;
- `dispatch`: skip what is current, reuse the cache, check the rest, write the set;
- `status`: the live status line, or a plain line per file;
- `watcher`: the loop tying the observer, the settler and the dispatcher together.

The sidecar set protocol (crash-consistent sets) is in `adjudicator.report.sidecar`.
"""
