"""The toy game of ``examples/toy/`` tested as every game is: its engine, at the table
through the cogs, and by the bot's real process."""
