"""The kinds of prompt a student page draws, named once for the page that draws them
(:mod:`changekit.classroom.live`) and the class auction that opens one
(:mod:`changekit.classroom.auction`), so that neither imports the other for a name."""

#: a question answered with a choice, a number or a slider (``live.question_prompt``)
PROMPT_KINDS = ("choices", "number", "slider")
#: the prompt kind of a class auction (changekit.classroom.auction.AUCTION_PROMPT)
AUCTION_KIND = "auction"
#: what the student page draws: a question, or a bidder in the class auction
PAGE_KINDS = (*PROMPT_KINDS, AUCTION_KIND)
