package io.headwater.spark.emit;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The two lock files of a {@link Spool} directory, locked with POSIX {@code fcntl} locks (as
 * Python's {@code fcntl.lockf}, so {@code headwater replay} takes the same locks):
 *
 * <ul>
 *   <li>{@code lock} — held around every change of the spool's files ({@link #change}), waited for
 *       at most {@value #WAIT_MILLIS} ms;
 *   <li>{@code replay.lock} — held by whoever re-sends records ({@link #beginReplay}), never waited
 *       for, so two processes never send the same record.
 * </ul>
 *
 * <p>The files are opened (made 0600 when missing, checked by {@link SpoolFiles}) by {@link #open}
 * and released by {@link #close}. Not thread-safe; the spool calls it under its own monitor.
 */
final class SpoolLocks {
  static final String LOCK_FILE = "lock";
  static final String REPLAY_LOCK_FILE = "replay.lock";

  private static final long WAIT_MILLIS = 2_000;

  private final Path dir;
  private FileChannel lockChannel;
  private FileChannel replayChannel;
  private FileLock replayLock;

  /** The locks of the spool directory {@code dir} (which must exist when {@link #open} runs). */
  SpoolLocks(Path dir) {
    this.dir = dir;
  }

  /** True once {@link #open} opened the lock file (and until {@link #close}). */
  boolean isOpen() {
    return lockChannel != null;
  }

  /** Opens the {@code lock} file, making it when missing; nothing when already open. */
  void open() throws IOException {
    if (lockChannel == null) {
      lockChannel = channel(dir.resolve(LOCK_FILE));
    }
  }

  /**
   * Takes the lock around a change of the spool's files, waiting for another process (or another
   * spool object of this JVM) to finish its change.
   *
   * @throws IOException when it stays taken for {@value #WAIT_MILLIS} ms, or when interrupted
   */
  FileLock change() throws IOException {
    long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000;
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

  /** Takes the right to re-send records; false when another holder has it. Idempotent. */
  boolean beginReplay() throws IOException {
    if (replayLock != null) {
      return true;
    }
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

  /** Gives back the right taken by {@link #beginReplay}, if held. */
  void endReplay() {
    if (replayLock != null) {
      try {
        replayLock.release();
      } catch (IOException e) {
        // the lock goes with the channel at the latest
      }
      replayLock = null;
    }
  }

  /** Releases both locks and closes their files. */
  void close() {
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

  private static FileChannel channel(Path file) throws IOException {
    SpoolFiles.file(file);
    return FileChannel.open(
        file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
  }
}
