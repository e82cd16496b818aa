import System.IO
import Control.Monad

-- Ants & Crystals, as a CodinGame player writes it in Haskell: getLine,
-- putStrLn, no buffering.
main :: IO ()
main = do
    hSetBuffering stdout NoBuffering
    n <- fmap read getLine :: IO Int
    kinds <- replicateM n $ fmap (head . words) getLine
    let targets = [i | (i, k) <- zip [0 ..] kinds, k == "2"] :: [Int]
    _ <- getLine
    myBase <- fmap (head . words) getLine
    _ <- getLine
    forever $ do
        _ <- getLine
        replicateM_ n getLine
        putStrLn $ case targets of
            (t : _) -> "LINE " ++ myBase ++ " " ++ show t ++ " 1"
            [] -> "WAIT"
