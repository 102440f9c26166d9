"""A stand-in for `packaging` on the simulator side of the RealModules corpus
(Debian's python3 ships without it). Only `packaging.version.Version` and
`packaging.version.parse` for release numbers such as "0.56.4"."""
