"""What talks to Discord: the client, the presenter (what is sent and edited, and when),
the table message and the channel's posts, the outbox of what Discord did not take, the
answers first and the pacing under Discord's limits, the permissions a table needs, and
several processes (the shards, the clicks handed between them)."""
