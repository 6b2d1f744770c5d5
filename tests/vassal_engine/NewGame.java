// Opens VASSAL modules in VASSAL's own engine and starts a new game in each, as a player's "New Game" does:
//     java -Djava.awt.headless=true -cp <Vengine.jar and its libraries> NewGame.java OUT_FOLDER MODULE.vmod…
// (Java's source-file mode: nothing is compiled to disk.) Written for Imprenta's tests from VASSAL's public API;
// it holds no VASSAL code. For each module it writes OUT_FOLDER/<module>.tsv, one line per fact:
//   MAP  <map> <class>               every map (PrivateMap: a player's hand)
//   ZONE <map> <zone name>           every zone of every board's ZonedGrid
//   SIDE <side>                      every side of the PlayerRoster
//   PIECE <map> <location> <name> <x> <y>   every piece on a map after New Game, where VASSAL names its place
//   DECK <map> <location> <name> <count> <faceDown> <shuffle> <first pieces' names, to tell the order>
//   ERROR <message>                  a piece VASSAL could not build, a location it could not find
// and, for each <module>/<map> the system property `imprenta.picture` lists (commas between),
// OUT_FOLDER/<module>-board.png: the board's image with every piece drawn over it by the piece's own draw().
import VASSAL.build.GameModule;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.ZonedGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.Zone;
import VASSAL.counters.Deck;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;
import VASSAL.launch.BasicModule;
import VASSAL.tools.DataArchive;

import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.zip.ZipFile;
import javax.imageio.ImageIO;
import javax.swing.SwingUtilities;

public class NewGame {
  public static void main(String[] args) throws Exception {
    File out = new File(args[0]);
    // the Player's menu manager, as VASSAL's Player starts with (its constructor is private)
    java.lang.reflect.Constructor<?> menus =
      Class.forName("VASSAL.launch.Player$PlayerMenuManager").getDeclaredConstructor();
    menus.setAccessible(true);
    menus.newInstance();
    for (int i = 1; i < args.length; i++) {
      newGame(out, args[i]);
    }
    System.exit(0);
  }

  // One module after another in one engine: VASSAL's Player opens one module per process, so between two the
  // module VASSAL holds is let go of (GameModule.theModule, which init refuses to replace).
  static void newGame(File out, String module) throws Exception {
    String name = new File(module).getName().replace(".vmod", "");
    PrintWriter w = new PrintWriter(new OutputStreamWriter(new FileOutputStream(new File(out, name + ".tsv")),
                                                           StandardCharsets.UTF_8));
    try {
      SwingUtilities.invokeAndWait(() -> {
        try {
          java.lang.reflect.Field held = GameModule.class.getDeclaredField("theModule");
          held.setAccessible(true);
          held.set(null, null);
          GameModule.init(new BasicModule(new DataArchive(module)));
          GameState state = GameModule.getGameModule().getGameState();
          state.setup(false);
          state.setup(true);          // what "New Game" does: every SetupStack and DrawPile puts its pieces out
          report(w, module, name);
        }
        catch (Throwable e) {
          w.println("ERROR\t" + e);
          e.printStackTrace();
        }
      });
    }
    finally {
      w.close();
    }
  }

  static String clean(Object text) {
    return String.valueOf(text).replace('\t', ' ').replace('\n', ' ');
  }

  static void report(PrintWriter w, String module, String name) throws Exception {
    for (PlayerRoster roster : GameModule.getGameModule().getComponentsOf(PlayerRoster.class)) {
      for (String side : roster.getSides()) {
        w.println("SIDE\t" + clean(side));
      }
    }
    java.util.List<String> pictured = java.util.Arrays.asList(System.getProperty("imprenta.picture", "").split(","));
    for (Map map : Map.getMapList()) {
      String mapName = clean(map.getMapName());
      w.println("MAP\t" + mapName + "\t" + map.getClass().getName());
      for (Board board : map.getBoards()) {
        if (board.getGrid() instanceof ZonedGrid) {
          for (Iterator<Zone> it = ((ZonedGrid) board.getGrid()).getZones(); it.hasNext();) {
            w.println("ZONE\t" + mapName + "\t" + clean(it.next().getName()));
          }
        }
      }
      for (GamePiece piece : map.getPieces()) {
        Point p = piece.getPosition();
        String where = clean(map.locationName(p));
        if (piece instanceof Deck) {
          Deck deck = (Deck) piece;
          StringBuilder order = new StringBuilder();
          for (int i = 0; i < Math.min(5, deck.getPieceCount()); i++) {
            order.append(clean(deck.getPieceAt(i).getName())).append('|');
          }
          w.println("DECK\t" + mapName + "\t" + where + "\t" + clean(deck.getDeckName()) + "\t" + deck.getPieceCount()
                    + "\t" + deck.isFaceDown() + "\t" + deck.getShuffleOption() + "\t" + order);
        }
        else if (piece instanceof Stack) {
          for (GamePiece inner : ((Stack) piece).asList()) {
            w.println("PIECE\t" + mapName + "\t" + where + "\t" + clean(inner.getName()) + "\t" + p.x + "\t" + p.y);
          }
        }
        else {
          w.println("PIECE\t" + mapName + "\t" + where + "\t" + clean(piece.getName()) + "\t" + p.x + "\t" + p.y);
        }
      }
      if (pictured.contains(name + "/" + map.getMapName())) {
        picture(map, module, new File(new File(System.getProperty("imprenta.pictures", ".")),
                                      name + "-board.png"));
      }
    }
  }

  // The board's own image under the pieces: VASSAL paints boards from tiles a separate tiler process makes, which
  // a headless run does not start; the pieces are drawn by VASSAL (each trait's draw: layers, masks, rotation).
  static void picture(Map map, String module, File file) throws Exception {
    BufferedImage board;
    try (ZipFile zip = new ZipFile(module)) {
      board = ImageIO.read(zip.getInputStream(zip.getEntry("images/board.png")));
    }
    BufferedImage picture = new BufferedImage(board.getWidth(), board.getHeight(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = picture.createGraphics();
    g.drawImage(board, 0, 0, null);
    for (GamePiece piece : map.getPieces()) {
      Point p = piece.getPosition();
      if (piece instanceof Stack && !(piece instanceof Deck)) {     // a deck draws itself: face down, its top card
        int i = 0;
        for (GamePiece inner : ((Stack) piece).asList()) {
          inner.draw(g, p.x + 3 * i, p.y - 3 * i, null, 1.0);     // a stack drawn fanned a little, as VASSAL does
          i++;
        }
      }
      else {
        piece.draw(g, p.x, p.y, null, 1.0);
      }
    }
    g.dispose();
    ImageIO.write(picture, "png", file);
  }
}
