"""The muscle microworld (seed 003): voxel shells that contract."""
