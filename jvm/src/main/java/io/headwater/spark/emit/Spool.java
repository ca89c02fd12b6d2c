package io.headwater.spark.emit;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The on-disk spool of one {@link Destination}: events that could not be delivered, kept in order
 * until they are re-sent. The same format is read by {@code headwater replay} (Python).
 *
 * <p>Layout of {@code <spool.dir>/<destination id>/} (directories 0700, files 0600):
 *
 * <ul>
 *   <li>{@code destination.json} — the destination's {@link Destination#description()};
 *   <li>{@code 00000000000000000001.jsonl}, ... — segments: one OpenLineage event per line, as the
 *       Java client serialises it; appended to the highest-numbered segment, a new one after 4 MiB;
 *   <li>{@code cursor} — where the next record to send starts ({@link SpoolCursor}): made before
 *       the first segment and rewritten in place after each record is delivered, so progress needs
 *       no free space;
 *   <li>{@code lock} — locked (POSIX {@code fcntl}, as Python's {@code fcntl.lockf}) around every
 *       change of the files above; {@code replay.lock} — held by whoever re-sends records, so two
 *       processes never send the same record.
 * </ul>
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
public final class Spool {
  static final String DESTINATION_FILE = "destination.json";
  static final String LOCK_FILE = "lock";
  static final String REPLAY_LOCK_FILE = "replay.lock";
  static final String SEGMENT_SUFFIX = ".jsonl";
  static final long SEGMENT_BYTES = 4L << 20;

  private static final long LOCK_WAIT_MILLIS = 2_000;
  private static final int READ_CHUNK = 64 * 1024;

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
  private FileChannel lockChannel;
  private FileChannel replayChannel;
  private FileLock replayLock;
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
    try (FileLock lock = lock()) {
      List<Path> segments = segments();
      long held = 0;
      for (Path segment : segments) {
        held += Files.size(segment);
      }
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
        cutTornTail(tail);
      }
      if (tail == null || Files.size(tail) >= segmentBytes || (rotate && Files.size(tail) > 0)) {
        tail = dir.resolve(segmentName(tail == null ? 1 : sequence(tail) + 1));
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
    if (lockChannel == null) {
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
    if (replayLock != null) {
      return true;
    }
    open();
    if (replayChannel == null) {
      replayChannel = channel(dir.resolve(REPLAY_LOCK_FILE));
    }
    try {
      replayLock = replayChannel.tryLock();
    } catch (OverlappingFileLockException e) {
      replayLock = null;
    }
    return replayLock != null;
  }

  /** Gives back the right taken by {@link #beginReplay}. */
  public synchronized void endReplay() {
    if (replayLock != null) {
      try {
        replayLock.release();
      } catch (IOException e) {
        // the lock goes with the channel at the latest
      }
      replayLock = null;
    }
  }

  /** The oldest record not yet delivered, if any. Only while replaying ({@link #beginReplay}). */
  public synchronized Optional<Entry> head() throws IOException {
    if (!Files.isDirectory(dir)) {
      mayHaveRecords = false;
      return Optional.empty();
    }
    open();
    try (FileLock lock = lock()) {
      List<Path> segments = segments();
      SpoolCursor.Position next = cursor.read();
      for (Path segment : segments) {
        String name = segment.getFileName().toString();
        if (next != null && name.compareTo(next.segment()) < 0) {
          continue;
        }
        long from = next != null && name.equals(next.segment()) ? next.offset() : 0;
        Optional<Entry> entry = readLine(segment, from);
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
    try (FileLock lock = lock()) {
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
    endReplay();
    for (FileChannel channel : new FileChannel[] {replayChannel, lockChannel}) {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException e) {
          // nothing left to do with it
        }
      }
    }
    replayChannel = null;
    lockChannel = null;
  }

  private void open() throws IOException {
    if (lockChannel != null) {
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
    lockChannel = channel(dir.resolve(LOCK_FILE));
    Path description = dir.resolve(DESTINATION_FILE);
    if (!Files.exists(description, LinkOption.NOFOLLOW_LINKS)) {
      try (FileLock lock = lock()) {
        if (!Files.exists(description, LinkOption.NOFOLLOW_LINKS)) {
          writeAtomically(description, describe(destination.description()));
        }
      }
    }
  }

  private static String describe(Map<String, String> description) throws IOException {
    return new ObjectMapper().writeValueAsString(new TreeMap<>(description)) + "\n";
  }

  private FileChannel channel(Path file) throws IOException {
    SpoolFiles.file(file);
    return FileChannel.open(
        file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
  }

  /**
   * The spool's lock, waiting for another process to finish its change (at most {@value
   * #LOCK_WAIT_MILLIS} ms).
   */
  private FileLock lock() throws IOException {
    long deadline = System.nanoTime() + LOCK_WAIT_MILLIS * 1_000_000;
    while (true) {
      try {
        FileLock lock = lockChannel.tryLock();
        if (lock != null) {
          return lock;
        }
      } catch (OverlappingFileLockException heldInThisJvm) {
        // another spool object of this JVM changes the files now
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("the spool " + dir + " stayed locked by another process");
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for the spool's lock", e);
      }
    }
  }

  /** The segments in order, each checked ({@link SpoolFiles#checkFile}). */
  private List<Path> segments() throws IOException {
    List<Path> segments = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      files
          .filter(f -> f.getFileName().toString().matches("\\d{20}\\" + SEGMENT_SUFFIX))
          .sorted()
          .forEach(segments::add);
    } catch (NoSuchFileException gone) {
      return segments;
    }
    for (Path segment : segments) {
      SpoolFiles.checkFile(segment);
    }
    return segments;
  }

  private List<Path> segmentsQuietly() {
    try {
      return segments();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static String segmentName(long sequence) {
    return String.format("%020d", sequence) + SEGMENT_SUFFIX;
  }

  private static long sequence(Path segment) {
    String name = segment.getFileName().toString();
    return Long.parseLong(name.substring(0, name.length() - SEGMENT_SUFFIX.length()));
  }

  /** Cuts a last line without its newline (a writer killed mid-record) off {@code segment}. */
  private static void cutTornTail(Path segment) throws IOException {
    try (FileChannel channel =
        FileChannel.open(segment, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
      long size = channel.size();
      if (size == 0 || byteAt(channel, size - 1) == '\n') {
        return;
      }
      long end = size - 1;
      while (end > 0 && byteAt(channel, end - 1) != '\n') {
        end--;
      }
      channel.truncate(end);
    }
  }

  private static byte byteAt(FileChannel channel, long position) throws IOException {
    ByteBuffer one = ByteBuffer.allocate(1);
    channel.read(one, position);
    return one.get(0);
  }

  /** The complete line starting at {@code from}, if there is one. */
  private static Optional<Entry> readLine(Path segment, long from) throws IOException {
    try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.READ)) {
      long size = channel.size();
      long position = from;
      java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
      ByteBuffer buffer = ByteBuffer.allocate(READ_CHUNK);
      while (position < size) {
        buffer.clear();
        int read = channel.read(buffer, position);
        if (read <= 0) {
          break;
        }
        for (int i = 0; i < read; i++) {
          if (buffer.get(i) == '\n') {
            line.write(buffer.array(), 0, i);
            long end = position + i + 1;
            return Optional.of(
                new Entry(
                    segment.getFileName().toString(),
                    from,
                    end,
                    line.toString(StandardCharsets.UTF_8)));
          }
        }
        line.write(buffer.array(), 0, read);
        position += read;
      }
      return Optional.empty(); // nothing, or a line without its newline (never sent)
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
