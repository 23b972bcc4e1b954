// Unbounded recursion: the interpreter stops it with an error, and zmlc
// prints that error in bounded space.
func.func @main() -> tensor<i32> {
  %0 = func.call @main() : () -> tensor<i32>
  func.return %0 : tensor<i32>
}
