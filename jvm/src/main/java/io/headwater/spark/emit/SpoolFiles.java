package io.headwater.spark.emit;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * How the spool's files are made and which ones it trusts, the way ssh treats {@code ~/.ssh}:
 * directories are made 0700 and files 0600, without following symbolic links; a directory or file
 * of the spool that is a symbolic link, belongs to another user, or that others may write (a file:
 * read or write) is refused with a {@link ForeignPathException}, and the spool is then not used.
 */
final class SpoolFiles {
  static final FileAttribute<Set<PosixFilePermission>> DIRECTORY_MODE =
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
  static final FileAttribute<Set<PosixFilePermission>> FILE_MODE =
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

  private static final Set<PosixFilePermission> OTHERS_WRITE =
      EnumSet.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);
  private static final Set<PosixFilePermission> OTHERS_ANY =
      EnumSet.of(
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE,
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE,
          PosixFilePermission.OTHERS_EXECUTE);

  private SpoolFiles() {}

  /** A spool path the agent must not use; its message names the path and what is wrong. */
  static final class ForeignPathException extends IOException {
    private static final long serialVersionUID = 1L;

    ForeignPathException(String message) {
      super(message);
    }
  }

  /** Makes {@code dir} (0700) when it is missing, then checks it ({@link #checkDirectory}). */
  static void directory(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      try {
        Files.createDirectory(dir, DIRECTORY_MODE);
      } catch (FileAlreadyExistsException e) {
        // made by another process meanwhile: checked below
      }
    }
    checkDirectory(dir);
  }

  /** Makes {@code file} (0600) when it is missing, then checks it ({@link #checkFile}). */
  static void file(Path file) throws IOException {
    try {
      Files.createFile(file, FILE_MODE);
    } catch (FileAlreadyExistsException exists) {
      // there already: checked below (createFile never follows a link)
    }
    checkFile(file);
  }

  /** Refuses a directory that is a link, another user's, or writable by group or others. */
  static void checkDirectory(Path dir) throws IOException {
    check(dir, OTHERS_WRITE, "writable by its group or by others");
  }

  /** Refuses a file that is a link, another user's, or readable or writable by anyone else. */
  static void checkFile(Path file) throws IOException {
    check(file, OTHERS_ANY, "open to its group or to others");
  }

  private static void check(Path path, Set<PosixFilePermission> forbidden, String what)
      throws IOException {
    PosixFileAttributes attributes =
        Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (attributes.isSymbolicLink()) {
      throw new ForeignPathException(path + " is a symbolic link");
    }
    Object owner = Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    Object me = currentUid();
    if (me != null && !me.equals(owner)) {
      throw new ForeignPathException(
          path
              + " belongs to another user (uid "
              + owner
              + ", this process runs as uid "
              + me
              + ")");
    }
    Set<PosixFilePermission> open = EnumSet.noneOf(PosixFilePermission.class);
    open.addAll(attributes.permissions());
    open.retainAll(forbidden);
    if (!open.isEmpty()) {
      throw new ForeignPathException(
          path
              + " is "
              + what
              + " (mode "
              + PosixFilePermissions.toString(attributes.permissions())
              + ")");
    }
  }

  /** This process's user id, or null where the file system does not say. */
  private static Object currentUid() {
    try {
      return Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return null;
    }
  }
}
