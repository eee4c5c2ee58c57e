"""Auditing many saves and logs, whatever their game: what each file holds (players, steps,
dice, undos, re-rolls) and the statistics of a season, written as one report.

Statistics here describe what was rolled; they are never accusations.
"""
