"""The American Revolution: Decision in North America (S&T #270) (issue 21).

The rules digest (`../shared/rules/american-revolution-st270.md`) catalogues 183 rules; the
rulebook lacks the printed map (routes, most ports, town colours), the Mobilization Table,
counter strengths, leader ratings and the marker mix, which come from user data files
(`adjudicator data template ar`). Where the digest and the rulebook disagree, the rulebook
wins (each such reading is noted where it is used).
"""
