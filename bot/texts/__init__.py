"""Words in and out: the message catalogue and its translator (``i18n``, ``texts.json``,
``refused.json``), its one plural and article helper (``grammar``), the commands in
French (``translator``), what players type (``parsing``) and the words of refusals
(``refusals``)."""
