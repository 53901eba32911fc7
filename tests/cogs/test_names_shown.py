"""A display name formats nothing where the bot shows it: a name made of Discord's
markdown (a masked link, a spoiler, bold, code, a heading) reads as typed on the table
message, and neither links, hides nor bolds the text around it."""

from __future__ import annotations

from tests.cogs.helpers import live

HOSTILE = ("[Rejoindre](https://evil.example)", "||x", "**`y", "# Big")  # and Sud: five
MARKDOWN = ("](", "https://", "||", "****", "``")


def shown_text(message) -> str:
    embed = message.embeds[0]
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    return "\n".join(parts)


async def test_a_name_of_markdown_formats_nothing_on_the_table(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new bete")
    for name in HOSTILE:
        member = world.guild.add_member(world.env.create_user(f"u{len(name)}", global_name=name))
        await member.click(world.table_message(), label="Join")
    seated = [seat.name for seat in live(world).seats]
    assert len(seated) == 1 + len(HOSTILE)
    text = shown_text(world.table_message())
    for mark in MARKDOWN:
        assert mark not in text, mark
    assert "\n# " not in text and "⁅Rejoindre⁆" in text  # read as typed, in look-alikes
    assert not world.env.errors
