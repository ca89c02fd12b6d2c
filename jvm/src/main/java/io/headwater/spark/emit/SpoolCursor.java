package io.headwater.spark.emit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * A spool's {@code cursor} file: where the next record to send starts, as {@code <segment file
 * name> <byte offset>}, the offset zero-padded to 20 digits so that the record always has the same
 * length ({@value #WIDTH} bytes with its newline).
 *
 * <p>Progress needs no free space: the file is made (pointing at the first record) before the
 * spool's first segment, and every later move rewrites those same bytes in place, so a full disk
 * never stops it (the one write fits in one disk sector). When even that fails (the file is gone,
 * an older agent's spool on a full disk), the progress is kept in memory for the life of the
 * process and written as soon as it can be: this process never sends a record twice. Not
 * thread-safe; the {@link Spool} calls it under its lock.
 */
final class SpoolCursor {
  static final String FILE = "cursor";

  /** The length of the record, newline included. */
  static final int WIDTH = 48;

  private static final Set<StandardOpenOption> REWRITE =
      Set.of(StandardOpenOption.WRITE, StandardOpenOption.READ);

  /**
   * A place in the spool.
   *
   * @param segment a segment file's name ({@code 00000000000000000001.jsonl})
   * @param offset bytes from its start
   */
  record Position(String segment, long offset) {
    boolean isAfter(Position other) {
      int bySegment = segment.compareTo(other.segment);
      return bySegment > 0 || (bySegment == 0 && offset > other.offset);
    }

    String record() {
      return segment + " " + String.format("%020d", offset) + "\n";
    }
  }

  private final Path file;
  private Position unsaved; // progress this process could not write yet

  SpoolCursor(Path directory) {
    this.file = directory.resolve(FILE);
  }

  /**
   * The position of the next record to send: the file's, or this process's progress when it could
   * not be written; null when neither knows one (start at the first segment).
   */
  Position read() throws IOException {
    Position saved = readFile();
    if (unsaved != null) {
      boolean stale =
          !Files.exists(file.resolveSibling(unsaved.segment()), LinkOption.NOFOLLOW_LINKS)
              || (saved != null && !unsaved.isAfter(saved));
      if (stale) {
        unsaved = null; // another process moved on, or emptied the spool
      } else {
        return unsaved;
      }
    }
    return saved;
  }

  /** Makes the file, at {@code position}, when there is none (before a spool's first segment). */
  void create(Position position) throws IOException {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      rewrite(position, true);
    }
  }

  /**
   * Moves the cursor to {@code position}: in place when the file exists, else in memory (and into a
   * new file when there is room).
   *
   * @return false when the move is kept in memory only
   */
  boolean move(Position position) {
    try {
      rewrite(position, !Files.exists(file, LinkOption.NOFOLLOW_LINKS));
      unsaved = null;
      return true;
    } catch (IOException e) {
      unsaved = position;
      return false;
    }
  }

  /** True while progress is kept in memory only (the file could not be written). */
  boolean hasUnsavedProgress() {
    return unsaved != null;
  }

  /** Deletes the file (an emptied spool). */
  void delete() throws IOException {
    unsaved = null;
    Files.deleteIfExists(file);
  }

  private void rewrite(Position position, boolean create) throws IOException {
    byte[] bytes = position.record().getBytes(StandardCharsets.UTF_8);
    FileChannel channel =
        create
            ? FileChannel.open(
                file,
                Set.of(
                    StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS),
                SpoolFiles.FILE_MODE)
            : FileChannel.open(file, REWRITE);
    try (channel) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      long at = 0;
      while (buffer.hasRemaining()) {
        at += channel.write(buffer, at);
      }
      if (channel.size() > bytes.length) {
        channel.truncate(bytes.length); // a longer record of an older agent
      }
      channel.force(false);
    } catch (IOException e) {
      if (create) {
        Files.deleteIfExists(file); // no half-made cursor
      }
      throw e;
    }
  }

  private Position readFile() throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return null;
    }
    String[] parts = text.trim().split(" ");
    if (parts.length != 2) {
      return null;
    }
    try {
      return new Position(parts[0], Long.parseLong(parts[1]));
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
