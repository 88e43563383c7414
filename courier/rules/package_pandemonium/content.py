"""Package Pandemonium's printed content as plain data: locations, companies, missions, spawn deck.

Kept apart from the code so a designer can change a card without touching the rules.
"""

from __future__ import annotations

#: The 25 location cards, shuffled into the 5x5 grid at set-up.
LOCATIONS: tuple[str, ...] = (
    "Old Mill", "Town Hall", "Fish Market", "Railway Yard", "Library",
    "Bakery Row", "Clock Tower", "The Docks", "Gasworks", "Post Office",
    "Picture House", "Infirmary", "Museum", "Bus Depot", "Flower Market",
    "Tannery", "Brewery", "Bandstand", "Fire Station", "Cathedral",
    "Laundrette", "Printworks", "Ice Rink", "Pie Shop", "Observatory",
)

#: Company cards: id -> (name, what it does, for the player).
COMPANIES: dict[str, tuple[str, str]] = {
    "big-van": ("Big Van Co.", "Your van holds 6 packages instead of 5."),
    "long-life": ("Long-Life Batteries", "Your sat nav holds 4 charges and starts full."),
    "express": ("Express Lines", "Once per game, drive a 4-step route."),
    "insured": ("Safe Hands Insurance", "The first package the Rogue takes from you comes back."),
}

#: Secret missions: id -> (text, points). Each is checked by the rules at the end.
MISSIONS: dict[str, tuple[str, int]] = {
    "bank-3-high": ("Bank 3 high-value packages.", 5),
    "bank-8-low": ("Bank 8 low-value packages.", 4),
    "bank-20": ("Bank packages worth 20 points or more.", 6),
    "defuse": ("Defuse the exploding package at your base.", 4),
    "full-battery": ("End the game with a full sat nav battery.", 3),
    "untouched": ("Lose nothing to the Rogue all game.", 5),
    "four-corners": ("Drive through all four corner tiles.", 6),
    "regular": ("Unload at your base in 5 different rounds.", 5),
    "full-van": ("Fill your van to the roof at least once.", 3),
    "bridges": ("Cross a bridge 3 times.", 3),
    "shield": ("Use the sat nav to stop the Rogue twice.", 4),
    "no-plug": ("Never recharge at your base.", 3),
}

#: Package spawn deck: each card lists (location, "low" | "high" | "bomb") placements.
#: Three cards carry the exploding package (ignored while one is already in play).
SPAWN_CARDS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("Old Mill", "low"), ("Library", "low")),
    (("Town Hall", "high"),),
    (("Fish Market", "low"), ("Bakery Row", "low"), ("Bus Depot", "low")),
    (("Railway Yard", "low"), ("Observatory", "bomb")),
    (("Clock Tower", "low"), ("Tannery", "high")),
    (("The Docks", "low"), ("The Docks", "low")),
    (("Gasworks", "low"), ("Post Office", "low"), ("Cathedral", "high")),
    (("Picture House", "low"),),
    (("Infirmary", "low"), ("Museum", "bomb")),
    (("Museum", "low"), ("Flower Market", "low")),
    (("Brewery", "high"), ("Bandstand", "low")),
    (("Fire Station", "low"), ("Laundrette", "low"), ("Printworks", "low")),
    (("Ice Rink", "high"),),
    (("Pie Shop", "low"), ("Old Mill", "low"), ("Fire Station", "bomb")),
    (("Cathedral", "low"), ("Town Hall", "low")),
    (("Bus Depot", "high"), ("Pie Shop", "low")),
    (("Laundrette", "low"), ("Observatory", "low"), ("Infirmary", "low")),
    (("Printworks", "high"), ("Gasworks", "low")),
)
