"""The conformance suite of the bot side: what every game offered at the table must pass.

Like OpenSpiel's one-line ``random_sim_test(game)``, it runs over every game of
``bot.games.table_games()`` (a new game inherits it by registering), at its fewest
and most seats, through the real table service over a real SQLite file. A new game
passes when:

- whole tables play to their end with random moves (legality is the engine's
  ``check``; what ``view.legal`` offers must pass it) and with computer players;
- a table rebuilt from its event log at random points (a new service over the same
  database, as a restart does) is the same table: state, whose turn, every seat's
  view, the balances and the pot;
- the events of the whole table replay to the same table, and each settled hand's
  record replays by the rules;
- no public text (the table message's embed and buttons, its log lines, the summary,
  ``/history``) names a card that a seat holds or held unseen (its hand, its
  discards): only what was played, the cards its public view shows and what the
  start turned up;
- every card played is in the table message (or the summary of the deal it ended);
  an ended table shows nothing of its last deal, so the card that ends a table is not
  held to this;
- every refusal the engine gives a wrong move has words in French and in English
  through the game's texts, and changes nothing;
- a stopped table ends, and its message says so;
- with its people away at any moment (all absent, all stood in for by the computer,
  all absent but one stood in for), the table message's buttons fit Discord's five
  rows of five, and the hand of a person stood in for offers no move at their turn
  (``tests.conformance.away``).

Its view must keep the seat's own cards in ``hand`` (a bit set, ``games.cards``)
and the play in ``trick`` and ``tricks_played`` (``bot.game.TrickView``).
"""
