package io.headwater.spark.emit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The segment files of a {@link Spool}: {@code 00000000000000000001.jsonl}, {@code ...2.jsonl}, ...
 * (a 20-digit sequence number), each holding records of one line, UTF-8, ended by a newline. How
 * they are listed, named, read one record at a time and repaired after a writer was killed
 * mid-record. Stateless; the spool calls it under its lock.
 */
final class SpoolSegments {
  static final String SUFFIX = ".jsonl";

  private static final String NAME_PATTERN = "\\d{20}\\" + SUFFIX;
  private static final int READ_CHUNK = 64 * 1024;

  private SpoolSegments() {}

  /**
   * The segments of {@code dir} in order, each checked ({@link SpoolFiles#checkFile}); empty when
   * the directory is gone.
   *
   * @throws SpoolFiles.ForeignPathException when a segment fails the check
   */
  static List<Path> list(Path dir) throws IOException {
    List<Path> segments = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      files
          .filter(f -> f.getFileName().toString().matches(NAME_PATTERN))
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

  /** The bytes {@code segments} hold together. */
  static long size(List<Path> segments) throws IOException {
    long held = 0;
    for (Path segment : segments) {
      held += Files.size(segment);
    }
    return held;
  }

  /** The segment after {@code tail} in {@code dir}, or the first one when {@code tail} is null. */
  static Path next(Path dir, Path tail) {
    return dir.resolve(name(tail == null ? 1 : sequence(tail) + 1));
  }

  private static String name(long sequence) {
    return String.format("%020d", sequence) + SUFFIX;
  }

  private static long sequence(Path segment) {
    String name = segment.getFileName().toString();
    return Long.parseLong(name.substring(0, name.length() - SUFFIX.length()));
  }

  /** Cuts a last line without its newline (a writer killed mid-record) off {@code segment}. */
  static void cutTornTail(Path segment) throws IOException {
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

  /**
   * The complete line starting at byte {@code from} of {@code segment}, if there is one: empty at
   * the end of the segment and before a line without its newline (never sent).
   */
  static Optional<Spool.Entry> readLine(Path segment, long from) throws IOException {
    try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.READ)) {
      long size = channel.size();
      long position = from;
      ByteArrayOutputStream line = new ByteArrayOutputStream();
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
                new Spool.Entry(
                    segment.getFileName().toString(),
                    from,
                    end,
                    line.toString(StandardCharsets.UTF_8)));
          }
        }
        line.write(buffer.array(), 0, read);
        position += read;
      }
      return Optional.empty();
    }
  }
}
