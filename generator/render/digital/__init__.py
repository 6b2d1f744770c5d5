"""Digital play from the same data: a VASSAL module and a Tabletop Simulator save."""
