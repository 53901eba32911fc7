"""The teacher at the table, what the bot adds to the engine's (``games.ai.teacher``):
the reviews of stored hands (``reviewer``, the Review button's and ``/history
review:``'s answer in ``answer``), those made in the background when the bot is idle
(``background``), and a player's progress over their reviewed hands (``stats``)."""
