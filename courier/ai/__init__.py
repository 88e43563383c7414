"""Computer players. They see only a seat's view and the legal actions, never hidden state."""
