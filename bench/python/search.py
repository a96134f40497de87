"""search.lgo in plain Python: N queens by backtracking over linked (first, rest) pairs."""

first_board = None


def clash(col, board, dist):
    while board is not None:
        f = board[0]
        if col == f or col == f + dist or col == f - dist:
            return True
        board, dist = board[1], dist + 1
    return False


def member(col, board):
    while board is not None:
        if board[0] == col:
            return True
        board = board[1]
    return False


def place(n, board, depth):
    global first_board
    if depth == n:
        if first_board is None:
            first_board = board
        return 1
    return try_col(n, board, depth, 1)


def try_col(n, board, depth, col):
    if col > n:
        return 0
    if member(col, board) or clash(col, board, 1):
        return try_col(n, board, depth, col + 1)
    return place(n, (col, board), depth + 1) + try_col(n, board, depth, col + 1)


def digits(board):
    if board is None or not isinstance(board[0], int):
        return 0
    return board[0] + 10 * digits(board[1])


total = sum(place(n, None, 0) for n in range(4, 10))
print(f"{total} {digits(first_board)}")
