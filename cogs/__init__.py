"""Thin Discord adapters: slash commands and views. No rules here."""
