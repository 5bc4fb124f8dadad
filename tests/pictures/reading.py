"""What the picture tests ask of a reading: the region read at a pixel."""


def region_at(pm, x, y):
    """The region holding pixel (x, y) of ``pm.labels``: the one whose label
    point lies in the same labelled area."""
    lab = int(pm.labels[y, x])
    return next(r for r in pm.inference.regions.values()
                if int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]) == lab)
