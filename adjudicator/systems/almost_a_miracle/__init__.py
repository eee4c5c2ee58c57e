"""Almost a Miracle! (Against the Odds) (issue 22): its data and computations so far; not
registered in `SYSTEMS` yet.

The rules digest (`../shared/rules/almost-a-miracle.md`) catalogues 216 rules; the rulebook
lacks the map's adjacency and terrain, the Player's Aid Charts (Terrain Effects, Surprise,
Battle Winner, Casualty, attrition, militia generation, events), the reinforcement schedule
and the leader ratings, which will come from user data files.
"""
