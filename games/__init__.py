"""The pure rules engine: cards, trick obligations, the register, one package per game.

Standard library only: no discord, no asyncio, no sqlite.
"""
