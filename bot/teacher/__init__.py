"""The teacher at the table: what the bot adds to the engine's (``games.ai.teacher``)."""
