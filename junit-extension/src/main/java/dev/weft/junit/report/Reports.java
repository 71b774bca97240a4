package dev.weft.junit.report;

import dev.weft.runtime.Failure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the drawings of a failing check's execution: {@code <name>.dot} and {@code <name>.html}. */
public final class Reports {
    /** Where reports go, relative to the working directory (the module directory under Maven). */
    public static final Path DIRECTORY = Path.of("target", "weft-reports");

    private Reports() {}

    /** The HTML file {@link #write} writes for this check. */
    public static Path htmlFile(Path directory, String name) {
        return directory.resolve(fileName(name) + ".html");
    }

    /**
     * Writes both files for {@code failure}, which must have an execution graph.
     *
     * @param name    the check, {@code <class>#<method>}; it names the files
     * @param message the failure message, shown under the HTML drawing
     */
    public static void write(Path directory, String name, Failure failure, String message) throws IOException {
        GraphView view = new GraphView(failure.graph(), failure.locations());
        String title = name + " under " + failure.model() + ", execution " + failure.run();
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(fileName(name) + ".dot"), DotWriter.dot(title, view),
                StandardCharsets.UTF_8);
        Files.writeString(htmlFile(directory, name), HtmlWriter.html(title, message, view), StandardCharsets.UTF_8);
    }

    /** The name with characters no file system accepts replaced. */
    private static String fileName(String name) {
        return name.replaceAll("[\\\\/:*?\"<>|]", "_");
    }
}
