"""Asset builders for a checkout (boards, sprites, the Tiled project): run them from the
repository root as ``python -m tools.make_sprites`` and so on."""
