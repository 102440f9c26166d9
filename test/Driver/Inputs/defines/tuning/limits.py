import os

CAP = float(os.environ["CAP"])
