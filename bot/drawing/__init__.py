"""What draws: the table and the hands (``render``), the end of a hand (``summary``), the
register, scoreboard and rules (``boards``, ``charts``), the lobby's words, cards and
tricks in words (``wording``), what was drawn kept (``drawn``), and the cards as
pictures (``pictures``)."""
