"""Worked examples: a game added to the bot from outside its packages (``toy``)."""
