"""The teacher in the bot: a player's progress over their reviewed hands (``stats``) and
the reviews made in the background when the bot is idle (``background``)."""
