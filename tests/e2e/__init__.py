"""End-to-end tests: the bot's real entry point against a fake Discord on loopback."""
