"""The referee toolkit every game system is built on, free of any one game's rules.

A game is a sequence of play. The four games the adjudicator knows (Washington's War, War
for America, The American Revolution (S&T 270), Almost a Miracle!) all read, in section 2
of their rules digests, as one shape: turns of ordered phases; inside some phases an
alternation of *impulses* or *pulses* in which one side plays a card or spends points;
inside an impulse, sub-procedures (an activation, a battle with its cards and rolls, a
siege, a retreat). So a referee is built from the same parts for each game:

``places``       typed place ids (`Place`: a space, box, zone, card pile, hand, track),
                 parsed once from a binding's strings, never compared by string prefix.
``tracker``      `PieceTracker`: which game entity each VASSAL piece is and where it is,
                 kept *incrementally* from each replay step's changes (moved, added,
                 removed, renamed pieces). It reports `Relocation`s; the game's state
                 applies them. Undo steps are replayed changes too, so the state follows
                 them without copies. A bound piece at a location the binding cannot
                 resolve is at an `UNRESOLVED` place, never silently dropped.
``sequence``     `SequenceSpec` (a game's phases, from its digest section 2) and
                 `SequenceOfPlay`, the state machine placing each step in its turn and
                 phase. It is driven by what the log shows (cards leaving hands, a phase
                 property, a turn marker, chat); each `Moment` says whether the phase was
                 shown, inferred (and from what) or is unknown (and why), so rules that
                 need the phase say `unchecked` instead of guessing.
``actions``      the typed game actions interpretation produces (card play, activation,
                 move leg, battle, battle card, retreat, reinforcement, PC change, phase
                 change, …). Games add their own; rules judge actions, never raw steps.
``outcomes``     what a check yields: `Violation` (illegal, unchecked, …), `Applied`
                 (the rule was applied to resolved inputs) and `Computed`.
``rulebook``     `RuleFamily`: a rules module declares the ids it checks and which of
                 them need board positions. Coverage in a report is derived from these
                 declarations and from what was applied, never from a hand-kept list.
``referee``      `ActionReferee`: the driver (start/step/finish of the `Referee`
                 protocol). Per step it updates the tracker, lets the game interpret the
                 step into actions (the game's procedure state is immutable and shared
                 structurally, so undo restores a reference, not a deep copy), judges
                 each action with the declared rule families, and folds outcomes into a
                 `Verdict`. Steps whose inputs could not be resolved give an `unchecked`
                 finding naming the piece and raw location, and the rules they touch are
                 reported partly checked; illegal findings that depend on positions are
                 never issued while a bound piece's position is unknown.
``probability``  exact distributions as `Fraction`s (dice, sums, max/min, comparisons,
                 table look-ups) for odds, sieges and losses.
``mapgraph``     a map graph with constrained path search (cost per connection type,
                 spaces that end movement or bar it, virtual adjacency) for movement,
                 retreat, interception, supply and isolation.

A game package supplies: its data, its `SequenceSpec`, a state that applies relocations,
an interpreter (steps → actions, with its procedure state) and rule families. Nothing here
imports a game.

How the four games' turns (digest section 2 of each) map onto it:
- Washington's War: seven phases (WW 5.1–5.7); the Strategy Phase's impulses, a card
  each, are the procedure, with activations and battles inside (`washingtons_war`).
- War for America: Reinforcement, Initiative + Action Cycle, Winter steps, Administration
  as phases; the Action Cycle's rounds and each side's Action Pulse are the procedure, the
  Early Spring sub-steps segments of the Reinforcement Phase.
- The American Revolution (S&T 270): seven phases (AR 5.1); Campaign Phases 1–3, each
  with movement and combat of the first and second player, are segments
  (`campaign-1/p1-move`, …), instant triggers are actions.
- Almost a Miracle!: phases A–G (AaM 3.0); the Endeavors alternation with its passes,
  activations, reactions and random events is the procedure, like WW's impulses.
"""
