package io.headwater.spark.emit;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientException;
import io.openlineage.client.transports.Transport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * The {@code file} transport: appends each event as one JSON line to a file, whole or not at all.
 * The OpenLineage client's own file transport logs an I/O error and returns, leaving a torn line on
 * a full disk; this one cuts the file back to its length before the write and throws, so {@link
 * DurableTransport} counts the failure and spools the event. (The configuration is still the
 * client's {@code FileConfig}; a relative location is taken from the driver's working directory.)
 */
final class AtomicFileTransport extends Transport {
  private final Path file;

  AtomicFileTransport(Path file) {
    this.file = Objects.requireNonNull(file, "file").toAbsolutePath().normalize();
  }

  @Override
  public void emit(OpenLineage.RunEvent event) {
    append(EventJson.toJson(event));
  }

  @Override
  public void emit(OpenLineage.DatasetEvent event) {
    append(EventJson.toJson(event));
  }

  @Override
  public void emit(OpenLineage.JobEvent event) {
    append(EventJson.toJson(event));
  }

  /** Appends {@code json} and a newline; on failure the file is as it was. */
  void append(String json) {
    try {
      Path parent = file.getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      appendWhole(file, (json + "\n").getBytes(StandardCharsets.UTF_8), false);
    } catch (IOException e) {
      throw new OpenLineageClientException("cannot append the event to " + file + ": " + e, e);
    }
  }

  /**
   * Appends {@code bytes} to {@code file} whole, or cuts it back to its previous length and throws.
   *
   * @param sync force the bytes to the device before returning
   */
  static void appendWhole(Path file, byte[] bytes, boolean sync) throws IOException {
    try (FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      long before = channel.size();
      try {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        if (sync) {
          channel.force(false);
        }
      } catch (IOException e) {
        try {
          channel.truncate(before);
        } catch (IOException truncation) {
          e.addSuppressed(truncation);
        }
        throw e;
      }
    }
  }

  @Override
  public String toString() {
    return "AtomicFileTransport{" + file + "}";
  }
}
