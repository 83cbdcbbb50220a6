import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import java.net.InetSocketAddress;

/**
 * The in-memory MongoDB wire-protocol server for tests, on a port of our choosing (0 = any free port), so test runs
 * never collide with a real MongoDB on 27017. Prints one line `listening 127.0.0.1:<port>` once it accepts
 * connections, and stops when its standard input closes, so it never outlives the Node process that started it.
 */
public class MongoTestServer {
    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        MongoServer server = new MongoServer(new SnapshotReplyBackend());
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

/**
 * mongo-java-server's in-memory backend, except that findAndModify answers with a copy of the document taken under
 * the collection's lock. The stock backend answers with the stored document itself and encodes it after the lock is
 * released, so a concurrent update can change it in between: of two parallel `$inc`s, one may be told the count the
 * other made (seen as a rate limit refusing one request early). MongoDB answers with the document as this update
 * left it, which is what the copy gives.
 */
class SnapshotReplyBackend extends MemoryBackend {
    @Override
    public MemoryDatabase openOrCreateDatabase(String databaseName) {
        return new MemoryDatabase(databaseName, getCursorRegistry()) {
            @Override
            protected MemoryCollection openOrCreateCollection(String collectionName, CollectionOptions options) {
                return new MemoryCollection(this, collectionName, options, cursorRegistry) {
                    @Override
                    public synchronized Document findAndModify(Document query) {
                        Document result = super.findAndModify(query);
                        if (result.get("value") instanceof Document value) result.put("value", value.cloneDeeply());
                        return result;
                    }
                };
            }
        };
    }
}
