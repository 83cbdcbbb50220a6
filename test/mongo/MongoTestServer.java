import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;

/**
 * The in-memory MongoDB wire-protocol server for tests, on a port of our choosing (0 = any free port), so test runs
 * never collide with a real MongoDB on 27017. Prints one line `listening 127.0.0.1:<port>` once it accepts
 * connections, and stops when its standard input closes, so it never outlives the Node process that started it.
 */
public class MongoTestServer {
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        MongoServer server = new MongoServer(new MemoryBackend());
        server.bind(new InetSocketAddress("127.0.0.1", port));
        InetSocketAddress address = server.getLocalAddress();
        System.out.println("listening 127.0.0.1:" + address.getPort());
        System.out.flush();
        while (System.in.read() != -1) {
            // Drain until the parent closes the pipe (or dies).
        }
        server.shutdownNow();
    }
}
