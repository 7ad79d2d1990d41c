"""Medium: counts public facts (own hand, revealed cards, discard heap, its own cards in piles
others took); challenges impossible claims and claims that would empty a hand; bluffs with its dead
cards (the aces under No aces) and then the ranks it holds fewest of; weighs risk by pile size;
believes small likely-true piles."""

from __future__ import annotations

from .heuristic import HeuristicBot


class MediumBot(HeuristicBot):
    level = "medium"
