"""Bad pictures: a located error and nothing written, never a traceback."""
import struct
import zlib

from variantkit.cli import main


def _png(width, height):
    """A PNG header claiming a size, with one tiny compressed row: a bomb's shape."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    head = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + chunk(b"IEND", b"")


def test_a_decompression_bomb_is_refused(tmp_path, capsys):
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(_png(100_000, 100_000))
    assert main(["import", "picture", str(bomb), "-o", str(tmp_path / "out")]) != 0
    err = capsys.readouterr().err
    assert "VK841" in err and "bomb.png" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_not_a_picture_is_refused(tmp_path, capsys):
    fake = tmp_path / "map.png"
    fake.write_text("this is text")
    assert main(["import", "picture", str(fake), "-o", str(tmp_path / "out")]) != 0
    err = capsys.readouterr().err
    assert "VK840" in err and "map.png" in err
    assert not (tmp_path / "out").exists()
