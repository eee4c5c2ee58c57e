"""Washington's War (GMT Games, 2009): game data and rules for the adjudicator."""
