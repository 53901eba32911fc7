"""The bot process: settings, the Bot subclass, the table service, rendering, messages."""
