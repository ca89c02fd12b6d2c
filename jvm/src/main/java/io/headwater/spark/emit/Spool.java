package io.headwater.spark.emit;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headwater.spark.annotation.Internal;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The on-disk spool of one {@link Destination}: events that could not be delivered, kept in order
 * until they are re-sent. The same format is read by {@code headwater replay} (Python).
 *
 * <p>Layout of {@code <spool.dir>/<destination id>/} (directories 0700, files 0600):
 *
 * <ul>
 *   <li>{@code destination.json} — the destination's {@link Destination#description()};
 *   <li>{@code 00000000000000000001.jsonl}, ... — segments ({@link SpoolSegments}): one OpenLineage
 *       event per line, as the Java client serialises it; appended to the highest-numbered segment,
 *       a new one after 4 MiB;
 *   <li>{@code cursor} — where the next record to send starts ({@link SpoolCursor}): made before
 *       the first segment and rewritten in place after each record is delivered, so progress needs
 *       no free space;
 *   <li>{@code lock} — locked around every change of the files above; {@code replay.lock} — held by
 *       whoever re-sends records, so two processes never send the same record ({@link SpoolLocks}).
 * </ul>
 *
 * <p>This class keeps the spool's rules (order, size limit, what is removed when); the segment
 * files' format is {@link SpoolSegments}'s, the cursor {@link SpoolCursor}'s, the locks {@link
 * SpoolLocks}'s and the files' permissions {@link SpoolFiles}'s.
 *
 * <p>A record is appended whole or not at all: a failed write (a full disk) cuts the segment back
 * to its length before the write. A line without its newline (a process killed mid-write) is never
 * sent: the next append cuts it off, and readers stop before it. A record is removed (the cursor
 * moves past it) only after it was delivered, so a crash in between sends it again — replay is at
 * least once; backends that deduplicate by run id, event type and event time see each event once.
 * Segments behind the cursor are deleted; an emptied spool leaves only {@code destination.json} and
 * the lock files.
 *
 * <p>A full disk: a record that cannot be written is refused (the caller decides what to do with
 * the event) and the next one starts a new segment, so that the one being sent can be deleted once
 * sent; progress is recorded all the same, or kept in memory ({@link SpoolCursor}).
 *
 * <p>The directory is created when the first record is appended. The root, the directory and every
 * file in it are checked as {@link SpoolFiles} says before they are used; a spool that fails the
 * check throws {@link SpoolFiles.ForeignPathException}. Thread-safe; several processes may share a
 * spool.
 */
@Internal
public final class Spool {
  static final String DESTINATION_FILE = "destination.json";
  static final long SEGMENT_BYTES = 4L << 20;

  /** A full spool: the record was not written. */
  public static final class FullException extends IOException {
    private static final long serialVersionUID = 1L;

    FullException(String message) {
      super(message);
    }
  }

  /**
   * One record in the spool.
   *
   * @param segment the segment file's name
   * @param start the record's first byte in the segment
   * @param end the byte after its newline
   * @param json the event
   */
  public record Entry(String segment, long start, long end, String json) {}

  private final Path dir;
  private final Destination destination;
  private final long maxBytes;
  private final long segmentBytes;
  private final SpoolLocks locks;
  private final SpoolCursor cursor;
  private boolean mayHaveRecords;
  private boolean rotate; // the last append failed: the next one starts a new segment

  /**
   * The spool of {@code destination} under {@code root}; nothing is created until the first append.
   *
   * @param maxBytes the most its segments may hold together
   */
  public Spool(Path root, Destination destination, long maxBytes) {
    this(root, destination, maxBytes, SEGMENT_BYTES);
  }

  /** With segments of {@code segmentBytes}, for tests. */
  Spool(Path root, Destination destination, long maxBytes, long segmentBytes) {
    this.destination = Objects.requireNonNull(destination, "destination");
    this.dir = root.resolve(destination.id());
    this.maxBytes = maxBytes;
    this.segmentBytes = segmentBytes;
    this.locks = new SpoolLocks(dir);
    this.cursor = new SpoolCursor(dir);
    this.mayHaveRecords = Files.isDirectory(dir) && !segmentsQuietly().isEmpty();
  }

  /** The directory of this destination's records. */
  public Path directory() {
    return dir;
  }

  /**
   * False when this process knows the spool holds no record (it found none when it started and
   * everything it appended was delivered); true means there may be records to send.
   */
  public synchronized boolean mayHaveRecords() {
    return mayHaveRecords;
  }

  /**
   * Appends one event, whole, after every record already in the spool.
   *
   * @param sync force it to the device before returning (false when many are appended at once; call
   *     {@link #sync} after them)
   * @throws FullException when it would take the spool beyond {@code maxBytes}
   * @throws IOException when it cannot be written (nothing of it is left behind)
   */
  public synchronized void append(String json, boolean sync) throws IOException {
    byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
    open();
    try (FileLock lock = locks.change()) {
      List<Path> segments = segments();
      long held = SpoolSegments.size(segments);
      if (held + bytes.length > maxBytes) {
        throw new FullException(
            "the spool "
                + dir
                + " holds "
                + held
                + " bytes; this event ("
                + bytes.length
                + " bytes) would go beyond spool.maxBytes="
                + maxBytes);
      }
      Path tail = segments.isEmpty() ? null : segments.get(segments.size() - 1);
      if (tail != null) {
        SpoolSegments.cutTornTail(tail);
      }
      if (tail == null || Files.size(tail) >= segmentBytes || (rotate && Files.size(tail) > 0)) {
        tail = SpoolSegments.next(dir, tail);
        if (segments.isEmpty()) {
          cursor.create(new SpoolCursor.Position(tail.getFileName().toString(), 0));
        }
        SpoolFiles.file(tail);
      }
      try {
        AtomicFileTransport.appendWhole(tail, bytes, sync);
      } catch (IOException e) {
        rotate = true;
        throw e;
      }
      rotate = false;
      mayHaveRecords = true;
    }
  }

  /** Forces every segment to the device (after appends without {@code sync}). */
  public synchronized void sync() throws IOException {
    if (!locks.isOpen()) {
      return;
    }
    for (Path segment : segments()) {
      try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.WRITE)) {
        channel.force(false);
      }
    }
  }

  /**
   * Takes the right to re-send records; false when another process (or another spool object of this
   * one) has it. Give it back with {@link #endReplay}.
   */
  public synchronized boolean beginReplay() throws IOException {
    open();
    return locks.beginReplay();
  }

  /** Gives back the right taken by {@link #beginReplay}. */
  public synchronized void endReplay() {
    locks.endReplay();
  }

  /** The oldest record not yet delivered, if any. Only while replaying ({@link #beginReplay}). */
  public synchronized Optional<Entry> head() throws IOException {
    if (!Files.isDirectory(dir)) {
      mayHaveRecords = false;
      return Optional.empty();
    }
    open();
    try (FileLock lock = locks.change()) {
      List<Path> segments = segments();
      SpoolCursor.Position next = cursor.read();
      for (Path segment : segments) {
        String name = segment.getFileName().toString();
        if (next != null && name.compareTo(next.segment()) < 0) {
          continue;
        }
        long from = next != null && name.equals(next.segment()) ? next.offset() : 0;
        Optional<Entry> entry = SpoolSegments.readLine(segment, from);
        if (entry.isPresent()) {
          return entry;
        }
      }
      clear(segments); // everything was sent: the space goes back
      return Optional.empty();
    }
  }

  /**
   * Removes {@code entry} (delivered, or dropped for good): the cursor moves past it (in memory
   * when it cannot be written: {@link #hasUnsavedProgress}), segments behind it are deleted, and an
   * emptied spool is cleared.
   */
  public synchronized void remove(Entry entry) throws IOException {
    open();
    try (FileLock lock = locks.change()) {
      List<Path> segments = segments();
      Path last = segments.isEmpty() ? null : segments.get(segments.size() - 1);
      boolean emptied =
          last != null
              && last.getFileName().toString().equals(entry.segment())
              && Files.size(last) <= entry.end();
      if (emptied) {
        clear(segments);
        return;
      }
      cursor.move(new SpoolCursor.Position(entry.segment(), entry.end()));
      for (Path segment : segments) {
        if (segment.getFileName().toString().compareTo(entry.segment()) < 0) {
          Files.deleteIfExists(segment);
        }
      }
    }
  }

  private void clear(List<Path> segments) throws IOException {
    for (Path segment : segments) {
      Files.deleteIfExists(segment);
    }
    cursor.delete();
    mayHaveRecords = false;
  }

  /**
   * True while what this process sent is recorded in its memory only (the disk is full and the
   * spool has no cursor file to rewrite): another process would send it again.
   */
  public synchronized boolean hasUnsavedProgress() {
    return cursor.hasUnsavedProgress();
  }

  /** Releases the lock files; the spool's records stay. */
  public synchronized void close() {
    locks.close();
  }

  private void open() throws IOException {
    if (locks.isOpen()) {
      return;
    }
    Path root = dir.getParent();
    if (root != null) {
      if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(root, SpoolFiles.DIRECTORY_MODE);
      }
      SpoolFiles.checkDirectory(root);
    }
    SpoolFiles.directory(dir);
    locks.open();
    Path description = dir.resolve(DESTINATION_FILE);
    if (!Files.exists(description, LinkOption.NOFOLLOW_LINKS)) {
      try (FileLock lock = locks.change()) {
        if (!Files.exists(description, LinkOption.NOFOLLOW_LINKS)) {
          writeAtomically(description, describe(destination.description()));
        }
      }
    }
  }

  private static String describe(Map<String, String> description) throws IOException {
    return new ObjectMapper().writeValueAsString(new TreeMap<>(description)) + "\n";
  }

  private List<Path> segments() throws IOException {
    return SpoolSegments.list(dir);
  }

  private List<Path> segmentsQuietly() {
    try {
      return segments();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static void writeAtomically(Path file, String text) throws IOException {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    Files.deleteIfExists(temporary);
    SpoolFiles.file(temporary);
    try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
      ByteBuffer buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(false);
    }
    try {
      Files.move(
          temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
